// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { DockerEnvironmentConfig } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DockerFields, dockerIsValid } from './DockerFields';

const docker = (...portBindings: string[]): DockerEnvironmentConfig => ({ type: 'docker', portBindings });

describe('DockerFields', () => {
  it('says a port binding host must be a valid IP, and keeps the environment from being saved, as the panel would refuse it', () => {
    renderWithProviders(<DockerFields env={docker('mc.example.com:25565:25565/tcp')} onChange={() => {}} />);
    expect(screen.getByText('Must be a valid IP')).not.toBeNull();
    expect(dockerIsValid(docker('mc.example.com:25565:25565/tcp'))).toBe(false);
  });

  it('takes {ip} and IP addresses', () => {
    renderWithProviders(<DockerFields env={docker('{ip}:25565:25565/tcp', '10.0.0.2:25566:25565/udp', '[::1]:1:2/tcp')} onChange={() => {}} />);
    expect(screen.queryByText('Must be a valid IP')).toBeNull();
    expect(dockerIsValid(docker('{ip}:25565:25565/tcp', '10.0.0.2:25566:25565/udp', '[::1]:1:2/tcp'))).toBe(true);
  });
});
