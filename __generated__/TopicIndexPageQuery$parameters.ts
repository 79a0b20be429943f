/**
 * @generated SignedSource<<9af1bd784a96e3b3ec5251ec96033832>>
 * @relayHash 5add8afbd27440aaf683f25b31fdd8ba
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID edecc59963486d005a9f391a264b48b63ad6cd43060d8daabbfcadba7434197b

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicIndexPageQuery } from './TopicIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "edecc59963486d005a9f391a264b48b63ad6cd43060d8daabbfcadba7434197b",
    "metadata": {},
    "name": "TopicIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
