import {
  type Icon,
  IconBolt,
  IconBriefcase,
  IconBuildingBank,
  IconCar,
  IconCash,
  IconChartLine,
  IconGift,
  IconHeartbeat,
  IconHome,
  IconMovie,
  IconPlane,
  IconReceipt,
  IconRepeat,
  IconSchool,
  IconShieldCheck,
  IconShoppingBag,
  IconShoppingCart,
  IconSparkles,
  IconStar,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import { CATEGORY, type CategoryGroup, categoryGroup } from '@tally/shared';

const ICONS: Record<number, Icon> = {
  [CATEGORY.Salary]: IconBriefcase,
  [CATEGORY.Bonus]: IconStar,
  [CATEGORY.Investment]: IconChartLine,
  [CATEGORY.OtherIncome]: IconCash,
  [CATEGORY.Rent]: IconHome,
  [CATEGORY.Utilities]: IconBolt,
  [CATEGORY.Insurance]: IconShieldCheck,
  [CATEGORY.Subscriptions]: IconRepeat,
  [CATEGORY.LoanPayments]: IconBuildingBank,
  [CATEGORY.Groceries]: IconShoppingCart,
  [CATEGORY.DiningOut]: IconToolsKitchen2,
  [CATEGORY.Transportation]: IconCar,
  [CATEGORY.Entertainment]: IconMovie,
  [CATEGORY.Shopping]: IconShoppingBag,
  [CATEGORY.Healthcare]: IconHeartbeat,
  [CATEGORY.Travel]: IconPlane,
  [CATEGORY.PersonalCare]: IconSparkles,
  [CATEGORY.Education]: IconSchool,
  [CATEGORY.Gifts]: IconGift,
};

const GROUP_COLORS: Record<CategoryGroup, string> = {
  // Mantine's teal badge text falls under 4.5:1 on its own light background; the brand green does not.
  Income: 'brand',
  'Fixed Expenses': 'indigo',
  'Variable Expenses': 'grape',
  Other: 'gray',
};

export function categoryIcon(code: number): Icon {
  return ICONS[code] ?? IconReceipt;
}

/** One colour per group, so the table reads at a glance without turning into a rainbow. */
export function categoryColor(code: number): string {
  return GROUP_COLORS[categoryGroup(code)];
}
