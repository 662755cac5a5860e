import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { formatMoney, formatNumber } from '../../src/app/format';
import { CampaignProgress, goalPercent } from '../../src/ui';
import { renderWithI18n } from './app/render';

const show = (raised: number, goal: number | null, donorCount = 3) =>
  renderWithI18n(
    <CampaignProgress raised={raised} goal={goal} donorCount={donorCount} formatMoney={formatMoney} formatNumber={formatNumber} />,
  );

describe('campaign progress', () => {
  it('under the goal: raised of goal, the percentage and a partly filled bar', async () => {
    const { container } = await show(250_000, 1_000_000);
    expect(container.textContent).toContain('R$ 2.500,00 arrecadados de R$ 10.000,00');
    expect(screen.getByText('25% da meta')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Progresso da meta' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('25% da meta');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('25%');
    expect(screen.getByText('3 doadores')).toBeInTheDocument();
  });

  it('past the goal: keeps counting (132% da meta) with the bar full', async () => {
    const { container } = await show(132_000, 100_000, 1);
    expect(container.textContent).toContain('R$ 1.320,00 arrecadados de R$ 1.000,00');
    expect(screen.getByText('132% da meta')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('132% da meta');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(screen.getByText('1 doador')).toBeInTheDocument();
  });

  it('without a goal: only the raised amount and donors, no bar and no percentage', async () => {
    const { container } = await show(987_654, null, 1234);
    expect(container.textContent).toContain('R$ 9.876,54 arrecadados');
    expect(container.textContent).not.toContain(' de R$');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.textContent).not.toContain('%');
    expect(screen.getByText('1.234 doadores')).toBeInTheDocument();
  });

  it('speaks the interface language while money stays Brazilian', async () => {
    await renderWithI18n(
      <CampaignProgress raised={150_000} goal={100_000} donorCount={2} formatMoney={formatMoney} formatNumber={formatNumber} />,
      'en',
    );
    expect(screen.getByText('150% of goal')).toBeInTheDocument();
    expect(screen.getByText('2 donors')).toBeInTheDocument();
  });

  it('goalPercent floors and never divides by a missing goal', () => {
    expect(goalPercent(999, 1000)).toBe(99);
    expect(goalPercent(0, 1000)).toBe(0);
    expect(goalPercent(500, null)).toBeNull();
    expect(goalPercent(500, 0)).toBeNull();
  });
});
