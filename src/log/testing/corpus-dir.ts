// Where the shared corpus of real dsh logs is: beside the clone (`../shared/corpus`, as on CI and the
// developers' machines), or $DSH_CORPUS. Tests that need it skip, saying so, when it is absent.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Absolute path of the corpus folder (it may not exist: tests check for its MANIFEST.json). */
export const CORPUS_DIR: string = process.env['DSH_CORPUS'] ?? resolve(REPO_ROOT, '../shared/corpus');
