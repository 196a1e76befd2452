/** The pwa feature's public entry: what other features and the app use of it, and all they may import. */
export { promptInstall, setUpInstallableApp, useInstallState } from './install.ts';
export { InstallDialog } from './lazy.ts';
