import { build } from 'esbuild';
import { areaEntry, bundleOptionsFor } from '/work/main/infra/bundling.ts';

const name = process.argv[2] ?? 'session';
const r = await build({
  ...bundleOptionsFor(name),
  entryPoints: [areaEntry(name)],
  write: false,
  metafile: true,
  outfile: '/tmp/x.mjs',
  sourcemap: false,
});
const out = Object.values(r.metafile.outputs)[0];
const own = Object.entries(out.inputs)
  .filter(([p]) => /^(functions|shared)/.test(p))
  .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
  .slice(0, 25);
console.log(own.map(([p, i]) => `${(i.bytesInOutput / 1024).toFixed(1)} ${p}`).join('\n'));
