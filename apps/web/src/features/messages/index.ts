/** The messages feature's public entry: what other features and the app use of it, and all they may import. */
export { ConversationList } from './ConversationList.tsx';
export { ThreadView } from './ThreadView.tsx';
export { formatMessageDate } from './format.ts';
export { useConversations, useUnreadCounts } from './messages.queries.ts';
export { SendMessageDialog } from './lazy.ts';
