import { toast } from '../../components/toast';
import { log } from '../../lib/log';
import { useCheckAchievements } from './api/check-achievements';

/**
 * After a change that can earn an achievement (a new goal, money added): asks what it earned and says so.
 * The change itself succeeded either way, so a failed check is only noted.
 */
export function useCelebrateAchievements() {
  const check = useCheckAchievements();
  return async () => {
    try {
      const { newlyEarned } = await check.mutateAsync();
      for (const a of newlyEarned) toast.success(`Achievement unlocked: ${a.title}`, a.description);
    } catch (error) {
      log.warn('Checking savings achievements failed', error);
    }
  };
}
