/** The settings feature's public entry: what other features and the app use of it, and all they may import. */
export { AvatarEditor } from './AvatarEditor.tsx';
export { ProfileForm } from './ProfileForm.tsx';
export { SettingsLinks } from './SettingsLinks.tsx';
