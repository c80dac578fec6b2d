import { type AdvisorAnswer, generateInsights, type InsightDraft, type Question } from '@tally/shared';
import type { Db } from '../../db/client';
import { adviceAnswer } from './advisor-advice';
/** What an answer is built of before it leaves: words, figures in cents, proposals. */
import { CAN_ANSWER, type Draft } from './advisor-draft';
import { averageAnswer, compareAnswer, flowAnswer } from './advisor-flows';
import { afford, balance, topSpending } from './advisor-money';
import { budgetAnswer, goalAnswer, subscriptionsAnswer, subscriptionsUpcoming } from './advisor-plans';
import { accountBalances } from './ai.queries';
import { gatherFacts } from './facts';

export { CAN_ANSWER };

/**
 * An account named in the question's filters that the person does not have (a model may write any name):
 * said so, with the names they have, rather than answered as no spending there.
 */
async function accountNotKnown(db: Db, { userId, question }: { userId: string; question: Question }) {
  const named = 'filters' in question ? (question.filters.accounts ?? []) : [];
  if (named.length === 0) return null;
  const have = (await accountBalances(db, { userId })).map((a) => a.name);
  const missing = named.find((n) => !have.some((h) => h.toLowerCase() === n.toLowerCase()));
  if (missing === undefined) return null;
  return {
    response: `You have no account called “${missing}” in Tally.${have.length > 0 ? ` Your accounts: ${have.join(', ')}.` : ''}`,
    figures: [],
    actions: [],
  };
}

/** What the answer says the question was understood as: the structure's kind, and its measure if it has one. */
export function understoodAs(q: Question): string {
  return 'measure' in q ? `${q.kind}.${q.measure}` : q.kind;
}

/**
 * The one executor: answers any question structure from the person's own numbers, every figure with its
 * source. The interpreter and a configured model both reach the numbers only through here.
 */
export async function answerQuestion(
  db: Db,
  {
    userId,
    today,
    question,
    findings = async () => generateInsights(await gatherFacts(db, { userId, today })),
  }: {
    userId: string;
    today: string;
    question: Question;
    /** The person's current findings, most important first (advice answers with them): computed if not given. */
    findings?: () => Promise<InsightDraft[]>;
  },
): Promise<AdvisorAnswer> {
  const at = { userId, today, question } as const;
  const draft = await (async (): Promise<Draft & { choices?: AdvisorAnswer['choices'] }> => {
    const unknownAccount = await accountNotKnown(db, { userId, question });
    if (unknownAccount) return unknownAccount;
    switch (question.kind) {
      case 'flow':
        return flowAnswer(db, { ...at, question });
      case 'average':
        return averageAnswer(db, { userId, question });
      case 'compare':
        return compareAnswer(db, { userId, question });
      case 'top_spending':
        return topSpending(db, { userId, question });
      case 'balance':
        return balance(db, { userId, question });
      case 'subscriptions':
        return subscriptionsAnswer(db, { ...at, question });
      case 'subscriptions_upcoming':
        return subscriptionsUpcoming(db, { userId, today, range: question.range });
      case 'budget':
        return budgetAnswer(db, { ...at, question });
      case 'goal':
        return goalAnswer(db, { ...at, question });
      case 'afford':
        return afford(db, { ...at, question });
      case 'advice':
        return adviceAnswer(db, { ...at, question, findings: await findings() });
      case 'clarify':
        return { response: question.prompt, figures: [], actions: [], choices: question.choices };
      case 'unknown':
        return {
          response:
            question.reason === 'out_of_scope'
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
    choices: draft.choices ?? [],
    intent: understoodAs(question),
    answeredBy: 'built-in',
  };
}
