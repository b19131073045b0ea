// Creates the log worker's client and starts the worker, then renders <App/> with it. The worker
// (module, checksum and zstd WebAssembly) starts here, while React renders the first page, so it is
// ready when the first file is dropped; starting it from an effect left it ~50 ms short for a quick drop.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerAppServiceWorker } from './browser/app-update.ts';
import { App } from './ui/App.tsx';
import './ui/styles.css';
import { narrowConnectPolicy } from './url/connect-policy.ts';
import { readAllowedSourceOrigins } from './url/use-url-sync.ts';
import { createLogClient, createLogWorker } from './worker/client.ts';

// The worker may read logs only from the page's origin and its `?src=` origin: its fetch keeps to
// them (worker/source-guard.ts), and so does the page's policy, which the worker takes.
const allowedOrigins = readAllowedSourceOrigins();
// The single-file viewer (file://) has its own policy, which lets it connect nowhere.
const isApp = !import.meta.env.VITE_SINGLE_FILE;
if (isApp) narrowConnectPolicy(allowedOrigins);
const client = createLogClient(() => createLogWorker(isApp), allowedOrigins);
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
