/**
 * The labels of the controls that load the next page of the conversations list and of a thread.
 * They belong with messageTexts in core; kept here while that file is another change's.
 */
export const pagingTexts = {
  showMoreConversations: 'Show more conversations',
  loadingMoreConversations: 'Loading more conversations…',
  showEarlierMessages: 'Show earlier messages',
  loadingEarlierMessages: 'Loading earlier messages…',
} as const;
