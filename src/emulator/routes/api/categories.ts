import { crudHandlers } from '../crud.js'
import { authedHandlers } from '../route.js'

const category = crudHandlers({
  key: 'categories',
  service: (services) => services.categories,
  present: (row, services, shop) => services.categories.present(shop, row),
})

export const categoryHandlers = authedHandlers({
  listCategories: category.list,
  getCategory: category.get,
  createCategory: category.create,
  updateCategory: category.update,
  deleteCategory: category.delete,
})
