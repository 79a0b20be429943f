/**
 * @generated SignedSource<<2cb6407f04acc7e4195c068d90438c89>>
 * @relayHash 858eb633c7598441b1ec6cfd3b4b9629
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 528dbb8d81b81a887c728863e002b9dbf1df6947d43a417e388a7e3d03b4cb95

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "528dbb8d81b81a887c728863e002b9dbf1df6947d43a417e388a7e3d03b4cb95",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
