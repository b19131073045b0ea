// Writes src/log/cost/genai-prices.snapshot.json: the price table of the installed
// @pydantic/genai-prices (its bundled data, never the network), trimmed to what pricing reads
// (providers' matching rules, models' matching rules, context windows and prices). Rerun after
// bumping the package: `npx tsx scripts/prices/snapshot-genai-prices.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForUpdate, type Provider } from '@pydantic/genai-prices';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = resolve(ROOT, 'src/log/cost/genai-prices.snapshot.json');

const packageJson = JSON.parse(
  readFileSync(resolve(ROOT, 'node_modules/@pydantic/genai-prices/package.json'), 'utf8'),
) as { name: string; version: string };
// With no updatePrices() set up, waitForUpdate resolves to the data bundled in the package.
const providers = (await waitForUpdate()) ?? [];

function trimProvider(provider: Provider): Record<string, unknown> {
  return {
    id: provider.id,
    name: provider.name,
    ...(provider.provider_match ? { provider_match: provider.provider_match } : {}),
    ...(provider.model_match ? { model_match: provider.model_match } : {}),
    ...(provider.fallback_model_providers
      ? { fallback_model_providers: provider.fallback_model_providers }
      : {}),
    models: provider.models.map((model) => ({
      id: model.id,
      ...(model.name ? { name: model.name } : {}),
      match: model.match,
      ...(model.context_window ? { context_window: model.context_window } : {}),
      prices: model.prices,
    })),
  };
}

const snapshot = {
  name: packageJson.name,
  version: packageJson.version,
  currency: 'USD',
  providers: providers.map(trimProvider),
};
writeFileSync(OUT, `${JSON.stringify(snapshot)}\n`);
console.log(`${OUT}: ${providers.length} providers from ${packageJson.name}@${packageJson.version}`);
