/**
 * @generated SignedSource<<4a07d4523246ca6f10d4f3491adb50ea>>
 * @relayHash 24e50f47955a95dfe422a66dfaf981e8
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 6f15f3796674dccda757dbec1460bddf55511b8b51c670be33ecdb4d35d597d1

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { SearchPageQuery } from './SearchPageQuery.graphql';

const node: PreloadableConcreteRequest<SearchPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "6f15f3796674dccda757dbec1460bddf55511b8b51c670be33ecdb4d35d597d1",
    "metadata": {},
    "name": "SearchPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
