import { useLocalStorage } from '@mantine/hooks';
import type { SubscriptionView } from './subscription-list';

/** Where the person's choice of view is kept between visits. */
export const SUBSCRIPTIONS_VIEW_KEY = 'subscriptionsView';

const isView = (value: unknown): value is SubscriptionView => value === 'list' || value === 'calendar';

/** The List/Calendar choice, remembered in this browser. */
export function useSubscriptionsView() {
  return useLocalStorage<SubscriptionView>({
    key: SUBSCRIPTIONS_VIEW_KEY,
    defaultValue: 'list',
    getInitialValueInEffect: false,
    // Stored as the bare word, not JSON, and anything else read back as the default.
    serialize: (value) => value,
    deserialize: (value) => (isView(value) ? value : 'list'),
  });
}
