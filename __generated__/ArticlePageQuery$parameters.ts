/**
 * @generated SignedSource<<781e26e4d186a4a143d55f890fd44bb5>>
 * @relayHash d823247f0d9470a5036ea81b1f754841
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 78b2bf199fb086f3dfee95511cf972e6b7f846c349af182a2d5f6848df208499

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "78b2bf199fb086f3dfee95511cf972e6b7f846c349af182a2d5f6848df208499",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
