import type { SavingsAchievement } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/toast';
import { log } from '../../lib/log';
import { queryKeys } from '../../lib/query-keys';
import { useCheckAchievements } from './api/check-achievements';

/**
 * Around a change that can earn an achievement (a new goal, money added): call it before the change, and
 * what it returns after the change succeeded. That asks what has been earned and announces what is new:
 * what the check itself recorded, or what the list known before the change did not have (the server may
 * record an achievement with the change that earned it). The change succeeded either way, so a failed
 * check is only noted.
 */
export function useCelebrateAchievements() {
  const queryClient = useQueryClient();
  const check = useCheckAchievements();
  return () => {
    const before = queryClient.getQueryData<SavingsAchievement[]>(queryKeys.savings.achievements);
    return async () => {
      try {
        const { newlyEarned, achievements } = await check.mutateAsync();
        const fresh = new Map(newlyEarned.map((a) => [a.id, a]));
        if (before) {
          const known = new Set(before.map((a) => a.id));
          for (const a of achievements) if (!known.has(a.id)) fresh.set(a.id, a);
        }
        for (const a of fresh.values()) toast.success(`Achievement unlocked: ${a.title}`, a.description);
      } catch (error) {
        log.warn('Checking savings achievements failed', error);
      }
    };
  };
}
