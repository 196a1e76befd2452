/** The whole route table: each feature's part joined (api.ts says what an entry holds). */
import { accountApi } from './account.ts';
import { adminApi } from './admin.api.ts';
import { authApi } from './auth.api.ts';
import { blocksApi } from './blocks.ts';
import { followsApi } from './follows.ts';
import { reportsApi } from './reports.ts';
import { searchApi } from './search.ts';
import { jobsApi } from './jobs.api.ts';
import { messagesApi } from './messages.api.ts';
import { notificationsApi } from './notifications.api.ts';
import { notificationSettingsApi } from './notification-settings.ts';
import { offersApi } from './offers.api.ts';
import { ordersApi } from './orders.api.ts';
import { profileApi } from './profile.api.ts';
import { pushApi } from './push.ts';
import { realtimeApi } from './realtime.api.ts';
import { reviewsApi } from './reviews.api.ts';
import { statsApi } from './stats.ts';
import { savedApi } from './saved.ts';
import { systemApi } from './system.api.ts';

export const apiRoutes = {
  ...systemApi,
  ...offersApi,
  ...messagesApi,
  ...ordersApi,
  ...reviewsApi,
  ...jobsApi,
  ...adminApi,
  ...authApi,
  ...profileApi,
  ...blocksApi,
  ...followsApi,
  ...statsApi,
  ...searchApi,
  ...reportsApi,
  ...notificationsApi,
  ...notificationSettingsApi,
  ...pushApi,
  ...realtimeApi,
  ...accountApi,
  ...savedApi,
};
export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;
