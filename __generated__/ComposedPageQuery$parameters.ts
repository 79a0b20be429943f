/**
 * @generated SignedSource<<5fc9b6b1bf1c861838a0716fa073a076>>
 * @relayHash 9a214bbb107d014a122ec91bfa4afddb
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f3014407bd6b9ce562bdfdb034166b540de92c885a14d1c8271318b27e962e66

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ComposedPageQuery } from './ComposedPageQuery.graphql';

const node: PreloadableConcreteRequest<ComposedPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "f3014407bd6b9ce562bdfdb034166b540de92c885a14d1c8271318b27e962e66",
    "metadata": {},
    "name": "ComposedPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
