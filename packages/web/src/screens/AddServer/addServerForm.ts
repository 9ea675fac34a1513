import { isValidServerName, type CreateServerRequest, type EnvironmentConfig, type ServerLimits, type Template, type Variable, type VariableValue } from '@outpost/shared';
import { limitsSet } from '../../components/limits/limitsForm';

/** What the user has entered on the add-server screen. */
export interface AddServerInput {
  name: string;
  nodeId: string | null;
  templateId: string | null;
  /** The environment picked by hand; null keeps the template's default. */
  envType: string | null;
  /** Values typed so far; a variable not in here shows the template's default. */
  values: Record<string, VariableValue | undefined>;
  /** Start the install as soon as the server exists (on unless the user unticks it). */
  install?: boolean;
  /** Limits changed by hand (servers.edit.admin holders); undefined keeps the template's. */
  limits?: ServerLimits;
}

/** Why a field cannot be sent: empty, or (for the name) not a valid server name. */
export type FieldProblem = 'required' | 'invalid';

export interface AddServerCheck {
  environments: EnvironmentConfig[];
  /** The variables shown: for non-admins only those the template lets users edit. */
  variables: Record<string, Variable>;
  /** The environment that will be sent. */
  environment: EnvironmentConfig | undefined;
  valueOf: (name: string) => VariableValue | undefined;
  /** The limits shown: those changed by hand, else the template's. */
  limits: ServerLimits;
  problems: Partial<Record<'name' | 'node' | 'template' | 'environment', FieldProblem>>;
  /** Required variables still empty. */
  missing: string[];
  /** The POST /api/servers body, or null while anything above stops it. */
  request: CreateServerRequest | null;
}

/** The environments a template offers: its supported list, else its one environment. */
export function environmentsOf(template: Template | undefined): EnvironmentConfig[] {
  if (!template) return [];
  if (template.supportedEnvironments?.length) return template.supportedEnvironments;
  return template.environment ? [template.environment] : [];
}

/**
 * The add-server form's rules (spec panel.md section 2 and section 5): every field checked,
 * the template's default environment preselected when it is a supported one, and only the
 * shown variables with a value sent. `template` is the chosen template once loaded. Limits are
 * sent only when changed by someone who may set them (canSetLimits); else the template's apply.
 */
export function checkAddServer(input: AddServerInput, template: Template | undefined, isAdmin: boolean, canSetLimits = false): AddServerCheck {
  const environments = environmentsOf(template);
  const variables = Object.fromEntries(Object.entries(template?.data ?? {}).filter(([, v]) => isAdmin || v.userEdit !== false));
  const envType = input.envType ?? environments.find((env) => env.type === template?.environment?.type)?.type ?? environments[0]?.type;
  const environment = environments.find((env) => env.type === envType);
  const valueOf = (name: string) => (name in input.values ? input.values[name] : variables[name]?.value);
  const limits = input.limits ?? limitsSet(template?.limits);
  const empty = (value: VariableValue | undefined) => value === undefined || value === '';

  const missing = Object.entries(variables)
    .filter(([name, v]) => (v.required ?? true) && v.type !== 'boolean' && empty(valueOf(name)))
    .map(([name]) => name);
  const problems: AddServerCheck['problems'] = {};
  if (!input.name.trim()) problems.name = 'required';
  else if (!isValidServerName(input.name)) problems.name = 'invalid';
  if (!input.nodeId) problems.node = 'required';
  if (!input.templateId) problems.template = 'required';
  else if (!environment) problems.environment = 'required';

  let request: CreateServerRequest | null = null;
  if (Object.keys(problems).length === 0 && missing.length === 0 && template && environment) {
    const sent: Record<string, VariableValue> = {};
    for (const name of Object.keys(variables)) {
      const value = valueOf(name);
      if (!empty(value)) sent[name] = value!;
    }
    request = { name: input.name.trim(), node: Number(input.nodeId), template: input.templateId!, environment, variables: sent, installNow: input.install ?? true };
    if (canSetLimits && input.limits) request.limits = input.limits;
  }
  return { environments, variables, environment, valueOf, limits, problems, missing, request };
}
