// The savings feature's front door: what other features may use of it.
export { createGoal } from './api/create-goal';
export { savingsOverviewQuery, useSavingsOverview } from './api/get-savings-overview';
export { GoalAvatar } from './components/GoalAvatar';
export { formatGoalPercent, goalColor, goalStatusBadge } from './goal-visuals';
