import { prepareTemplates } from './databases.ts';

export default async function setup(): Promise<void> {
  await prepareTemplates();
}
