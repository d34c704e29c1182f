/** The part of js-yaml 4 the OpenAPI reader uses (the package ships no types). */
declare module 'js-yaml' {
  export interface TypeOptions {
    kind: 'scalar' | 'sequence' | 'mapping';
    resolve?: (data: unknown) => boolean;
    construct?: (data: unknown) => unknown;
    predicate?: (data: unknown) => boolean;
  }
  export class Type {
    constructor(tag: string, options: TypeOptions);
  }
  export class Schema {
    extend(types: { implicit?: Type[]; explicit?: Type[] }): Schema;
  }
  export const FAILSAFE_SCHEMA: Schema;
  export interface LoadOptions {
    schema?: Schema;
    json?: boolean;
    maxDepth?: number;
  }
  export function load(text: string, options?: LoadOptions): unknown;
  const jsyaml: { load: typeof load; Type: typeof Type; FAILSAFE_SCHEMA: Schema };
  export default jsyaml;
}
