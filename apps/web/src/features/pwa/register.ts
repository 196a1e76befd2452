/** Side-effect entry imported by main.tsx: sets up the installable app before the first render. */
import { setUpInstallableApp } from './install.ts';

setUpInstallableApp();
