import { build } from 'esbuild';
import { bundleOptionsFor, functionEntries } from './infra/bundling.js';
for (const { name, entry } of functionEntries()) {
  const result = await build({ ...bundleOptionsFor(name), minify: false, entryPoints: [entry], outfile: 'index.mjs', write: false, metafile: true });
  const code = result.outputFiles.find((f) => f.path.endsWith('index.mjs'))!.text;
  const segments = code.split(/^\/\/ (?=\S+\.[mc]?[jt]sx?$)/m);
  const own = segments.filter((s) => /^(functions|shared)\//.test(s));
  const cmds = new Set<string>(); const kinds = new Set<string>(); const idx = new Set<string>();
  for (const s of own) {
    for (const m of s.matchAll(/\bnew (\w+?Command)\d*\(/g)) cmds.add(m[1]);
    for (const m of s.matchAll(/\b(Put|Update|Delete|ConditionCheck)\s*:\s*\{/g)) kinds.add(m[1]);
    for (const m of s.matchAll(/IndexName:\s*["'](\w+)["']/g)) idx.add(m[1]);
  }
  console.log(name.padEnd(18), [...cmds].sort().join(','), '|', [...kinds].sort().join(','), '|', [...idx].join(','));
}
