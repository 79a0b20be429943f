/**
 * @generated SignedSource<<0fd2e93f947aa95452112faf82ea3409>>
 * @relayHash db32f10712f8bec15155435ade2f88ac
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 167f9444bbf74bcb2b55dbccd0a40a3d3633ea31050ab9d964bf6fb53a8d4649

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "167f9444bbf74bcb2b55dbccd0a40a3d3633ea31050ab9d964bf6fb53a8d4649",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
