import { useStoredChoice } from '../../lib/use-stored-choice';
import type { SubscriptionView } from './subscription-list';

/** Where the person's choice of view is kept between visits. */
export const SUBSCRIPTIONS_VIEW_KEY = 'subscriptionsView';

/** The List/Calendar choice, remembered in this browser. */
export const useSubscriptionsView = () =>
  useStoredChoice<SubscriptionView>(SUBSCRIPTIONS_VIEW_KEY, ['list', 'calendar']);
