import { sep } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { bundleOptionsFor, type FunctionEntry, functionEntries } from '../../infra/bundling.js';

export interface FunctionBundle {
  /** The bundle's code, as one esbuild run for that function alone writes it (`index.mjs`). */
  text: string;
  /** Its size in bytes. */
  bytes: number;
  /** The metafile's inputs of this bundle, with their bytes in it. */
  inputs: Metafile['outputs'][string]['inputs'];
}

const built = new Map<string, Promise<Map<string, FunctionBundle>>>();

/**
 * Every function's bundle, with the stack's esbuild options (bundleOptionsFor) and `minify` as given: one esbuild
 * run per set of options for all the functions that share them, which reads and parses each module once instead
 * of once a function (docs/decisions/0125-infra-tests-synthesize-once.md). Without code splitting each entry is
 * bundled and tree-shaken on its own, so each bundle is the one a run for that function alone makes, byte for
 * byte: each is written as `<name>/index.mjs`, so even its source map comment names `index.mjs.map`.
 * Built once per worker for each `minify`.
 */
export function functionBundles({ minify }: { minify: boolean }): Promise<Map<string, FunctionBundle>> {
  const key = String(minify);
  let bundles = built.get(key);
  if (!bundles) {
    bundles = buildAll(functionEntries(), minify);
    built.set(key, bundles);
  }
  return bundles;
}

async function buildAll(entries: FunctionEntry[], minify: boolean): Promise<Map<string, FunctionBundle>> {
  const groups = new Map<string, FunctionEntry[]>();
  for (const entry of entries) {
    const key = JSON.stringify(bundleOptionsFor(entry.name));
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const bundles = new Map<string, FunctionBundle>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const result = await build({
        ...bundleOptionsFor(group[0].name),
        minify,
        entryPoints: Object.fromEntries(group.map(({ name, entry }) => [`${name}/index`, entry])),
        outdir: 'functions-out',
        outExtension: { '.js': '.mjs' },
        write: false,
        metafile: true,
        // The size tests show esbuild's warnings, as `cdk synth` does; the permission tests read code only.
        logLevel: minify ? 'warning' : 'silent',
      });
      for (const { name } of group) {
        const suffix = `functions-out${sep}${name}${sep}index.mjs`;
        const file = result.outputFiles.find((candidate) => candidate.path.endsWith(suffix));
        const output = Object.entries(result.metafile.outputs).find(([path]) => path === `functions-out/${name}/index.mjs`)?.[1];
        if (!file || !output) throw new Error(`esbuild wrote no bundle for ${name}`);
        bundles.set(name, { text: file.text, bytes: file.contents.length, inputs: output.inputs });
      }
    }),
  );
  return bundles;
}
