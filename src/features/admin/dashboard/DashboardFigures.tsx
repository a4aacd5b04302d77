import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Card } from '../../../components/ui/card';
import type { Analytics, AnalyticsPeriod } from '../api';
import { formatDay, formatMoney, formatNumber, formatPercent } from '../format';
import { CartIcon, CoinPlusIcon, EyeOpenIcon, PeopleIcon } from '../icons';

/** Recent activity: 5 entries on the overview ("all"), every day of the period elsewhere (SPEC §2). */
const OVERVIEW_ACTIVITY_ENTRIES = 5;

const PERIOD_PHRASE: Record<AnalyticsPeriod, string> = {
  today: 'today',
  yesterday: 'yesterday',
  week: 'this week',
  month: 'this month',
  all: 'in all',
};

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-background/50 p-4">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <span className="truncate text-2xl font-bold tracking-tight tabular-nums">{value}</span>
      {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
    </div>
  );
}

function Section({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="flex items-center gap-2.5 text-base font-semibold">
        <span className="grid size-8 place-items-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4.5" />
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function Bars({ rows }: { rows: { label: string; value: number; text: string }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((r) => (
        <li key={r.label} className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 text-sm">
          <span className="text-muted-foreground">{r.label}</span>
          <span className="h-2 overflow-hidden rounded-full bg-muted">
            <span
              className="block h-full rounded-full bg-neural"
              style={{ width: `${Math.max(r.value > 0 ? 4 : 0, (r.value / max) * 100)}%` }}
            />
          </span>
          <span className="text-right font-medium tabular-nums">{r.text}</span>
        </li>
      ))}
    </ul>
  );
}

export function DashboardFigures({
  analytics: a,
  period,
}: {
  analytics: Analytics;
  period: AnalyticsPeriod;
}) {
  const currency = a.store.currency ?? 'EUR';
  const money = (v: number) => formatMoney(v, currency);
  const activity = period === 'all' ? a.recentActivity.slice(0, OVERVIEW_ACTIVITY_ENTRIES) : a.recentActivity;
  const w = a.website.periods;

  return (
    <div className="flex flex-col gap-6">
      <Section title="Users" icon={PeopleIcon}>
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          <Stat
            label="Total users"
            value={formatNumber(a.totalUsers)}
            hint={
              period === 'all' || a.periodUsers === undefined
                ? `${formatNumber(a.adminUsers)} admin(s)`
                : `${formatNumber(a.periodUsers)} new ${PERIOD_PHRASE[period]} · ${formatNumber(a.adminUsers)} admin(s)`
            }
          />
          <Stat
            label="New today"
            value={formatNumber(a.todayUsers)}
            hint={`${formatPercent(a.periods.today.percentage)} of all`}
          />
          <Stat
            label="New this week"
            value={formatNumber(a.weekUsers)}
            hint={`${formatPercent(a.periods.week.percentage)} of all`}
          />
          <Stat
            label="New this month"
            value={formatNumber(a.monthUsers)}
            hint={`${formatPercent(a.periods.month.percentage)} of all`}
          />
        </div>
        <div className="mt-5">
          <h3 className="mb-3 text-sm font-semibold">Recent activity</h3>
          <Bars
            rows={activity.map((d) => ({
              label: formatDay(d.date),
              value: d.count,
              text: `${formatNumber(d.count)} sign-up${d.count === 1 ? '' : 's'}`,
            }))}
          />
        </div>
      </Section>

      <div className="grid items-start gap-6 xl:grid-cols-2">
        <Section title="Credits" icon={CoinPlusIcon}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Stat label="Users with credits" value={formatNumber(a.usersWithCredits)} />
            <Stat label="Total credits" value={formatNumber(a.totalCredits)} />
            <Stat label="Average credits" value={formatNumber(a.avgCredits)} />
          </div>
        </Section>
        <Section title="Website" icon={EyeOpenIcon}>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Stat label="Visits" value={formatNumber(a.website.totalVisits)} />
            <Stat label="Unique visitors" value={formatNumber(a.website.uniqueVisitors)} />
            <Stat label="Returning visitors" value={formatNumber(a.website.returningVisitors)} />
          </div>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-1.5 font-medium">Period</th>
                  <th className="py-1.5 text-right font-medium">Visits</th>
                  <th className="py-1.5 text-right font-medium">Unique</th>
                  <th className="py-1.5 text-right font-medium">Returning</th>
                </tr>
              </thead>
              <tbody className="tabular-nums">
                {(['today', 'yesterday', 'week', 'month'] as const).map((k) => (
                  <tr key={k} className="border-t border-border">
                    <td className="py-1.5 capitalize">{k}</td>
                    <td className="py-1.5 text-right">{formatNumber(w[k].visits)}</td>
                    <td className="py-1.5 text-right">{formatNumber(w[k].unique)}</td>
                    <td className="py-1.5 text-right">{formatNumber(w[k].returning)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      </div>

      <Section title="Store sales" icon={CartIcon}>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <Stat label="Revenue" value={money(a.store.totalRevenue)} />
          <Stat label="Orders" value={formatNumber(a.store.totalOrders)} />
          <Stat label="Average order" value={money(a.store.avgOrderValue)} />
          <Stat label="Conversion rate" value={formatPercent(a.store.conversionRate)} />
          <Stat label="Checkout sessions" value={formatNumber(a.store.totalCheckoutSessions)} />
          <Stat label="Abandoned carts" value={formatNumber(a.store.abandonedCarts)} />
        </div>
        <div className="mt-5 grid items-start gap-6 lg:grid-cols-2">
          <div className="grid gap-3 sm:grid-cols-3">
            <Stat
              label="Today"
              value={money(a.store.todayRevenue)}
              hint={`${formatNumber(a.store.todayOrders)} order(s)`}
            />
            <Stat
              label="This week"
              value={money(a.store.weekRevenue)}
              hint={`${formatNumber(a.store.weekOrders)} order(s)`}
            />
            <Stat
              label="This month"
              value={money(a.store.monthRevenue)}
              hint={`${formatNumber(a.store.monthOrders)} order(s)`}
            />
          </div>
          <div>
            <h3 className="mb-3 text-sm font-semibold">Recent sales</h3>
            <Bars
              rows={a.store.recentSales.map((d) => ({
                label: formatDay(d.date),
                value: d.revenue,
                text: `${money(d.revenue)} · ${formatNumber(d.orders)}`,
              }))}
            />
          </div>
        </div>
      </Section>
    </div>
  );
}
