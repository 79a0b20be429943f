/**
 * @generated SignedSource<<017b634266511baaef0e387838ac05e6>>
 * @relayHash b0d0ccdc5b1314914b9629e3d306fbf2
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID efbe51316bfa99be2eea90ca8ed222f1c5cf7b276da2d3c8fdb5981c3718a9e4

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ComposedPageQuery } from './ComposedPageQuery.graphql';

const node: PreloadableConcreteRequest<ComposedPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "efbe51316bfa99be2eea90ca8ed222f1c5cf7b276da2d3c8fdb5981c3718a9e4",
    "metadata": {},
    "name": "ComposedPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
