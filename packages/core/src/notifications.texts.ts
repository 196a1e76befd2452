/** User-facing texts of the notification centre (SPEC leaves /notifications open: our design). */
export const notificationTexts = {
  pageTitle: 'Notifications',
  empty: 'No notifications yet',
  emptyHint: 'Messages, orders and offer updates will show up here.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  allRead: "You're all caught up",
  unread: 'Unread',
  failedToLoad: 'Failed to load notifications',
  failedToUpdate: 'Failed to update notifications',
  notFound: 'Notification not found',
  newMessage: (sender: string) => `New message from ${sender}`,
  newFollower: (name: string) => `${name} followed you`,
  newFollowerBody: 'See their page, or follow them back.',
  more: { show: 'Show more notifications', loading: 'Loading more notifications…' },
} as const;
