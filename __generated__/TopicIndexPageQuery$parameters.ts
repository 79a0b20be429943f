/**
 * @generated SignedSource<<98947f8061e8b7789c527e4c060456c5>>
 * @relayHash 8fa07a2b3c4ffd4cc57d687d222de7fe
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID d9f0cd84103b12b9314235e5bc8ee3b99c7473e3ae16de98aa7a5511878133f3

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicIndexPageQuery } from './TopicIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "d9f0cd84103b12b9314235e5bc8ee3b99c7473e3ae16de98aa7a5511878133f3",
    "metadata": {},
    "name": "TopicIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
