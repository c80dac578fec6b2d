import { FeatureEmptyScreen } from '../../app/shell/FeatureEmptyScreen';

export function AccountsPage() {
  return <FeatureEmptyScreen screen="accounts" />;
}
