/**
 * @generated SignedSource<<4a09f7cdc1bfe2d0d96420f9772584d8>>
 * @relayHash ed5bb9d33bd455b361711e731ada8098
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 9f94978486c06f6231ee04fb92b267a8b62dd3df1ab9995191a426aed1ae63d1

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticleIndexPageQuery } from './ArticleIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<ArticleIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "9f94978486c06f6231ee04fb92b267a8b62dd3df1ab9995191a426aed1ae63d1",
    "metadata": {},
    "name": "ArticleIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
