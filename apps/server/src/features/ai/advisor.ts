import type { AdvisorAnswer, Intent } from '@tally/shared';
import type { Db } from '../../db/client';
/** What an answer is built of before it leaves: words, figures in cents, proposals. */
import { CAN_ANSWER, type Draft } from './advisor-draft';
import { afford, balance, incomeOrNet, spending, topSpending } from './advisor-money';
import { budgetLeft, goalProgressAnswer, subscriptionsTotal, subscriptionsUpcoming } from './advisor-plans';

export { CAN_ANSWER };

/** Answers an understood question from the person's own numbers; every figure carries its source. */
export async function answerIntent(
  db: Db,
  { userId, today, intent }: { userId: string; today: string; intent: Intent },
): Promise<AdvisorAnswer> {
  const draft = await (async (): Promise<Draft> => {
    switch (intent.kind) {
      case 'spending':
        return spending(db, { userId, intent });
      case 'top_spending':
        return topSpending(db, { userId, intent });
      case 'income':
      case 'net':
        return incomeOrNet(db, { userId, intent });
      case 'budget_left':
        return budgetLeft(db, { userId, today, intent });
      case 'subscriptions_total':
        return subscriptionsTotal(db, { userId, today });
      case 'subscriptions_upcoming':
        return subscriptionsUpcoming(db, { userId, today, range: intent.range });
      case 'goal_progress':
        return goalProgressAnswer(db, { userId, today, name: intent.goal });
      case 'balance':
        return balance(db, { userId });
      case 'afford':
        return afford(db, { userId, today, intent });
      case 'unknown':
        return {
          response:
            intent.reason === 'out_of_scope'
              ? `I can't help with that. ${CAN_ANSWER}`
              : `I'm not sure what you're asking. ${CAN_ANSWER}`,
          figures: [],
          actions: [],
        };
    }
  })();
  return {
    response: draft.response,
    figures: draft.figures,
    actions: draft.actions,
    intent: intent.kind,
    answeredBy: 'built-in',
  };
}
