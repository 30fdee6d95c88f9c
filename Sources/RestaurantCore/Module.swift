// placeholder until its issue
enum RestaurantCoreModule {}
