/*
 * The configurator's answers as the client reads them: the contract's types only, so no schema (zod)
 * reaches the browser bundle.
 */
export type {
  CartBatch,
  CompatibilityMessage,
  CompatiblePart,
  ComponentCode,
  ComponentInfo,
  ComponentInput,
  ComponentsResponse,
  Configuration,
  ConfigurationComponent,
  CreatedConfiguration,
  GenerateFilterResponse,
  ComponentsInfoResponse,
  RuleCode,
  Severity,
} from '../../../contract/configurator'
