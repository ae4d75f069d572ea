/** The product's name as people read it, from its configured code (PRODUCT: 'tandem' → 'Tandem'). */
export function productName(product: string): string {
  return product.charAt(0).toUpperCase() + product.slice(1)
}
