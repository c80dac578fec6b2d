// The onboarding feature's front door: what other features and the jobs may use of it.
export {
  PREPARE_QUEUE,
  type PrepareJob,
  prepareSetup,
  requestPreparation,
} from './onboarding.service';
