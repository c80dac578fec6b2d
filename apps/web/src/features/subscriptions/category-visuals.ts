import {
  type Icon,
  IconBarbell,
  IconBolt,
  IconBriefcase,
  IconCode,
  IconDeviceGamepad2,
  IconDeviceTv,
  IconNews,
  IconRepeat,
  IconSchool,
  IconShieldCheck,
  IconShoppingBag,
} from '@tabler/icons-react';
import type { SubscriptionCategory } from '@tally/shared';

/** Each subscription category's icon and colour, so a list of services reads at a glance. */
export const SUBSCRIPTION_CATEGORY_VISUALS: Record<SubscriptionCategory, { icon: Icon; color: string }> = {
  1: { icon: IconDeviceTv, color: 'grape' },
  2: { icon: IconCode, color: 'indigo' },
  3: { icon: IconBolt, color: 'yellow' },
  4: { icon: IconShieldCheck, color: 'blue' },
  5: { icon: IconBarbell, color: 'orange' },
  6: { icon: IconNews, color: 'cyan' },
  7: { icon: IconDeviceGamepad2, color: 'violet' },
  8: { icon: IconShoppingBag, color: 'pink' },
  9: { icon: IconSchool, color: 'teal' },
  10: { icon: IconBriefcase, color: 'blue' },
  99: { icon: IconRepeat, color: 'gray' },
};
