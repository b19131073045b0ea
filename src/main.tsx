// Creates the log worker's client and starts the worker, then renders <App/> with it. The worker
// (module, checksum and zstd WebAssembly) starts here, while React renders the first page, so it is
// ready when the first file is dropped; starting it from an effect left it ~50 ms short for a quick drop.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerAppServiceWorker } from './browser/app-update.ts';
import { App } from './ui/App.tsx';
import './ui/styles.css';
import { readAllowedSourceOrigins } from './url/use-url-sync.ts';
import { createLogClient } from './worker/client.ts';

// The worker may read logs only from the page's origin and its `?src=` origin.
const client = createLogClient(undefined, readAllowedSourceOrigins());
client.warmUp();

// The offline copy of the app (not in the single-file export, which opens from file://).
if (!import.meta.env.VITE_SINGLE_FILE) registerAppServiceWorker();

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  );
}
