// The content hash of a build's inputs, so a build runs only when they changed since the last one.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function collect(root, entry, files) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
      collect(root, path.join(entry, name), files);
    }
  } else {
    files.push(entry);
  }
}

/** sha256 over the names and contents of every file under `inputs` (tests left out). */
export function digestInputs(root, inputs) {
  const files = [];
  for (const input of inputs) collect(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

/** Whether `stampFile` holds `digest` and every file in `outputs` exists. */
export function isFresh(stampFile, digest, outputs) {
  return (
    outputs.every((file) => existsSync(file)) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === digest
  );
}
