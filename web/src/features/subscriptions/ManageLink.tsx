import { websiteHost } from '@shared/domain/website';
import { ExternalLink } from 'lucide-react';

export interface ManageLinkProps {
  name: string;
  /** The subscription's website, http or https (the contract checked it). */
  url: string;
  className?: string;
}

/**
 * 'Manage': the subscription's own website (issue 36 §2), on its card and in its details, in a new tab. Its
 * accessible name says whose and where ('Manage Netflix at netflix.com, in a new tab'); the page it opens
 * gets neither this page's address nor a handle on it.
 */
export function ManageLink({ name, url, className }: ManageLinkProps) {
  return (
    <a
      className={className}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Manage ${name} at ${websiteHost(url)}, in a new tab`}
    >
      <ExternalLink aria-hidden="true" />
      Manage
    </a>
  );
}
