import { useId, useRef, useState, type KeyboardEvent } from 'react';
import './season-tabs.css';

export interface SeasonFlower {
  name: string;
  /** One line on what it brings to a wedding. */
  note: string;
  /** A colour it comes in, for the small swatch beside its name (decoration only). */
  swatch: string;
}

export interface Season {
  name: string;
  /** When it runs, e.g. "March to May". */
  months: string;
  intro: string;
  flowers: readonly SeasonFlower[];
}

export interface SeasonTabsProps {
  seasons: readonly Season[];
  /** The tab list's name, e.g. "Flowers by season". */
  label: string;
}

/**
 * The seasons as tabs (WAI-ARIA tabs pattern, automatic activation): the left and right arrow
 * keys move between tabs and wrap round, Home and End go to the first and last, and only the
 * chosen tab is in the Tab order.
 */
export function SeasonTabs({ seasons, label }: SeasonTabsProps) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (index: number) => {
    setSelected(index);
    tabs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = seasons.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  };

  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = (index: number) => `${id}-panel-${index}`;
  const season = seasons[selected];
  if (!season) return null;

  return (
    <div className="season-tabs">
      <div className="season-tabs__list" role="tablist" aria-label={label}>
        {seasons.map((item, index) => (
          <button
            key={item.name}
            ref={(node) => {
              tabs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            className="season-tabs__tab"
            aria-selected={index === selected}
            aria-controls={panelId(index)}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => choose(index)}
            onKeyDown={onKeyDown}
          >
            {item.name}
          </button>
        ))}
      </div>
      <div
        key={season.name}
        className="season-tabs__panel fade-in"
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        tabIndex={0}
      >
        <p className="season-tabs__intro">
          <span className="season-tabs__months">{season.months}</span> {season.intro}
        </p>
        <ul className="grid-list season-tabs__flowers">
          {season.flowers.map((flower) => (
            <li key={flower.name}>
              {/* Its colour as an SVG fill, not a style attribute: the page's policy allows no inline styles. */}
              <svg className="season-tabs__swatch" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
                <path d="M0.5 14A13.5 13.5 0 0 1 27.5 14A13.5 13.5 0 0 1 14 27.5H0.5Z" fill={flower.swatch} stroke="#1f2a24" strokeOpacity="0.12" />
              </svg>
              <h3>{flower.name}</h3>
              <p>{flower.note}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
