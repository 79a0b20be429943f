/**
 * @generated SignedSource<<33998d76ae11924100a93f2d2fe8415b>>
 * @relayHash 48252922d9d9efdb59a8e8e1db92a6b7
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID a9e24bf1f7762751f20101772f595a9357679f3fe520c7ea426cd62027885f8c

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { SearchPageQuery } from './SearchPageQuery.graphql';

const node: PreloadableConcreteRequest<SearchPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "a9e24bf1f7762751f20101772f595a9357679f3fe520c7ea426cd62027885f8c",
    "metadata": {},
    "name": "SearchPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
