import { FeatureEmptyScreen } from '../../app/shell/FeatureEmptyScreen';

export function TransactionsPage() {
  return <FeatureEmptyScreen screen="transactions" />;
}
