// The AI feature's front door (insights and the Ask Tally advisor): what other features may use of it.
export { insightsQuery } from './api/get-insights';
export { InsightsPanel } from './InsightsPanel';
