// No imports: the CDK stack (infra/cloudfront-site.ts) and the functions' chassis both read these names.

/**
 * What CloudFront adds to every request it sends to the API (docs/decisions/0062-the-edge.md): the
 * origin secret, which the functions require in the cloud so CloudFront and its WAF cannot be
 * bypassed through the API Gateway URL, and the viewer's address and port, the client address
 * the throttles count by once the secret matched.
 */
export const EDGE_HEADERS = {
  originSecret: 'x-origin-verify',
  viewerAddress: 'cloudfront-viewer-address',
} as const;
