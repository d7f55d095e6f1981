import { Checkbox } from '../../components/ui/Checkbox';
import styles from './CountFullPriceSwitch.module.css';

/**
 * 'Count full price' (issue 26), shown beside the totals while the list has shared subscriptions: off,
 * the totals count the user's share of each; on, its whole price (useCountFullPrice).
 */
export function CountFullPriceSwitch({ fullPrice, onChange }: { fullPrice: boolean; onChange: (fullPrice: boolean) => void }) {
  return (
    <Checkbox
      className={styles.switch}
      label="Count full price"
      description={fullPrice ? 'Shared subscriptions count their whole price.' : 'Shared subscriptions count your share.'}
      checked={fullPrice}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
