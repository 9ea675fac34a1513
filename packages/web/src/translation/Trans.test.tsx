// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { Trans } from './Trans';

describe('Trans', () => {
  it('puts the given element where the language puts its tag, with the words inside', () => {
    renderWithProviders(
      <p data-testid="hint">
        <Trans i18nKey="serverList.templatesHint" components={{ templates: <a href="/template" /> }} />
      </p>,
    );
    expect(screen.getByTestId('hint').textContent).toBe('Servers are made from templates. See and import them on the Templates screen.');
    expect(screen.getByRole('link', { name: 'Templates' }).getAttribute('href')).toBe('/template');
  });
});
