import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seasons } from '../content/weddings';
import { SeasonTabs } from './season-tabs';

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the seasonal flower tabs', () => {
  it('has Spring, Summer, Autumn and Winter, with Spring chosen and four flowers in each', async () => {
    expect(seasons.map((season) => season.name)).toEqual(['Spring', 'Summer', 'Autumn', 'Winter']);
    for (const season of seasons) expect(season.flowers).toHaveLength(4);

    render(<SeasonTabs seasons={seasons} label="Flowers by season" />);
    const list = screen.getByRole('tablist', { name: 'Flowers by season' });
    expect(within(list).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Spring', 'Summer', 'Autumn', 'Winter']);
    expect(tab('Spring')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Summer')).toHaveAttribute('aria-selected', 'false');
    // Only the chosen tab is in the Tab order.
    expect(tab('Spring')).toHaveAttribute('tabindex', '0');
    expect(tab('Winter')).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel', { name: 'Spring' });
    expect(tab('Spring')).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Ranunculus',
      'Tulips',
      'Anemones',
      'Cherry blossom',
    ]);
  });

  it('moves with the arrow keys, wrapping round, and Home and End', async () => {
    const user = userEvent.setup();
    render(<SeasonTabs seasons={seasons} label="Flowers by season" />);
    await user.tab();
    expect(tab('Spring')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Summer')).toHaveFocus();
    expect(tab('Summer')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Spring')).toHaveAttribute('aria-selected', 'false');
    expect(within(screen.getByRole('tabpanel', { name: 'Summer' })).getByRole('heading', { name: 'Peonies' })).toBeVisible();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(tab('Winter')).toHaveFocus();
    expect(tab('Winter')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    expect(tab('Spring')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{End}');
    expect(tab('Winter')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Spring')).toHaveFocus();

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Spring' })).toHaveFocus();
  });

  it('shows a season when its tab is clicked', async () => {
    const user = userEvent.setup();
    render(<SeasonTabs seasons={seasons} label="Flowers by season" />);
    await user.click(tab('Autumn'));
    expect(tab('Autumn')).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Autumn' });
    expect(within(panel).getByRole('heading', { name: 'Dahlias' })).toBeInTheDocument();
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });
});
