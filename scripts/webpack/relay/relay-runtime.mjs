// The browser's `relay-runtime`: the names Folio's client and the react-relay
// hooks it uses read (see ./browserRelay.js; a test checks the list against
// what those modules read). relay-runtime's own entry requires all of the
// runtime (legacy containers, subscriptions, the experimental observers, the
// response normalizer for server components), and webpack cannot drop unused
// CommonJS modules. Each name is relay-runtime's own value.
import fetchQueryInternal from 'relay-runtime/lib/query/fetchQueryInternal.js';
import GraphQLTag from 'relay-runtime/lib/query/GraphQLTag.js';
import createRelayContext from 'relay-runtime/lib/store/createRelayContext.js';
import createRelayLoggingContext from 'relay-runtime/lib/store/createRelayLoggingContext.js';
import defaultGetDataID from 'relay-runtime/lib/store/defaultGetDataID.js';
import RelayModernOperationDescriptor from 'relay-runtime/lib/store/RelayModernOperationDescriptor.js';
import RelayModernSelector from 'relay-runtime/lib/store/RelayModernSelector.js';
import RelayStoreUtils from 'relay-runtime/lib/store/RelayStoreUtils.js';
import SnapshotErrors from 'relay-runtime/lib/util/handlePotentialSnapshotErrors.js';
import StableCopy from 'relay-runtime/lib/util/stableCopy.js';

export { default as ConnectionInterface } from 'relay-runtime/lib/handlers/connection/ConnectionInterface.js';
export { default as commitMutation } from 'relay-runtime/lib/mutations/commitMutation.js';
export { default as Network } from 'relay-runtime/lib/network/RelayNetwork.js';
export { default as Observable } from 'relay-runtime/lib/network/RelayObservable.js';
export { default as PreloadableQueryRegistry } from 'relay-runtime/lib/query/PreloadableQueryRegistry.js';
export { default as Environment } from 'relay-runtime/lib/store/RelayModernEnvironment.js';
export { default as Record } from 'relay-runtime/lib/store/RelayModernRecord.js';
export { default as Store } from 'relay-runtime/lib/store/RelayModernStore.js';
export { default as RecordSource } from 'relay-runtime/lib/store/RelayRecordSource.js';
export { default as getFragmentIdentifier } from 'relay-runtime/lib/util/getFragmentIdentifier.js';
export { default as getPaginationMetadata } from 'relay-runtime/lib/util/getPaginationMetadata.js';
export { default as getPaginationVariables } from 'relay-runtime/lib/util/getPaginationVariables.js';
export { default as getPendingOperationsForFragment } from 'relay-runtime/lib/util/getPendingOperationsForFragment.js';
export { default as getRefetchMetadata } from 'relay-runtime/lib/util/getRefetchMetadata.js';
export { default as getRequestIdentifier } from 'relay-runtime/lib/util/getRequestIdentifier.js';
export { default as getValueAtPath } from 'relay-runtime/lib/util/getValueAtPath.js';
export { default as isPromise } from 'relay-runtime/lib/util/isPromise.js';
export { default as recycleNodesInto } from 'relay-runtime/lib/util/recycleNodesInto.js';
export { default as RelayFeatureFlags } from 'relay-runtime/lib/util/RelayFeatureFlags.js';
export { default as ReplaySubject } from 'relay-runtime/lib/util/RelayReplaySubject.js';

export const { createOperationDescriptor } = RelayModernOperationDescriptor;
export const { areEqualSelectors, getSelector, getVariablesFromFragment } = RelayModernSelector;
export const { ID_KEY } = RelayStoreUtils;
export const { getFragment, getRequest, graphql } = GraphQLTag;
export const { handlePotentialSnapshotErrors } = SnapshotErrors;
export const { stableCopy } = StableCopy;

export const __internal = {
  createRelayContext,
  createRelayLoggingContext,
  defaultGetDataID,
  fetchQuery: fetchQueryInternal.fetchQuery,
  fetchQueryDeduped: fetchQueryInternal.fetchQueryDeduped,
  getObservableForActiveRequest: fetchQueryInternal.getObservableForActiveRequest,
  getPromiseForActiveRequest: fetchQueryInternal.getPromiseForActiveRequest,
};
