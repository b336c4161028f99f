import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { api } from './api.ts';
import { formatNaira } from '../lib/money.ts';
import { currentMonthStatistics, setStatistics, type CurrentMonthStatistics, type MonthStatistics } from '../stores/statistics.ts';

type Props = {
  accountNumber: string;
  balance: number;
  statistics: { monthly_statistics: MonthStatistics[]; current_month_statistics: CurrentMonthStatistics };
};
type Profile = { accounts: { account_number: string; balance: number }[] };

function write(name: string, text: string): void {
  const element = document.querySelector<HTMLElement>(`[data-live="${name}"]`);
  if (element && element.textContent !== text) element.textContent = text;
}

/**
 * With JavaScript on, the dashboard stays current: when the customer comes back to the tab (after
 * a transfer elsewhere, or waiting for money to arrive) the balance and this month's figures are
 * fetched again and written into the server-rendered page. Renders nothing of its own.
 */
export default function LiveSummary({ accountNumber, balance, statistics }: Props) {
  const month = useStore(currentMonthStatistics);

  useEffect(() => {
    setStatistics(statistics);
    let latestBalance = balance;
    async function refresh() {
      if (document.visibilityState !== 'visible') return;
      try {
        const [profile, stats] = await Promise.all([
          api<Profile>('GET', '/v1/profile'),
          api<Props['statistics']>('GET', `/v1/transaction/stats/${accountNumber}`),
        ]);
        if (profile.ok) latestBalance = profile.data.accounts.find((account) => account.account_number === accountNumber)?.balance ?? latestBalance;
        if (stats.ok) setStatistics(stats.data);
        write('balance', formatNaira(latestBalance));
      } catch {
        // Offline or flaky: the page keeps what it shows; the next visit tries again.
      }
    }
    const onVisibilityChange = () => void refresh();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [accountNumber, balance, statistics]);

  useEffect(() => {
    write('inflow', formatNaira(month.inflow));
    write('outflow', formatNaira(month.outflow));
  }, [month]);

  return null;
}
