package demo

import "rehome/app"

var categories = []struct{ name, kind string }{
	{"Sofas", "sofa"}, {"Beds", "bed"}, {"Tables", "table"}, {"Chairs", "chair"},
	{"Wardrobes", "wardrobe"}, {"Lighting", "lamp"}, {"Kitchen", "kitchen"}, {"Décor", "decor"},
}

func categoryKind(name string) string {
	for _, c := range categories {
		if c.name == name {
			return c.kind
		}
	}
	return "decor"
}

type listing struct {
	category, name, description string
	condition                   app.Condition
	location, original, resale  string
	year                        int
	usePeriod                   string
}

var products = []listing{
	{"Sofas", "Three-seater linen sofa", "Soft grey linen, removable covers washed last month. No pets, no smoke.", app.ConditionGood, "Riverside", "899", "320", 2019, "5 years"},
	{"Sofas", "Leather loveseat", "Tan leather two-seater, a few light scratches on the left arm.", app.ConditionFair, "Old Town", "640", "180", 2016, "8 years"},
	{"Beds", "Oak double bed frame", "Solid oak, 140 x 200 cm, slatted base included. Comes apart for transport.", app.ConditionExcellent, "Hillside", "520", "240", 2021, "3 years"},
	{"Beds", "Child's bunk bed", "White pine bunk bed with ladder and safety rail. Mattresses not included.", app.ConditionGood, "Riverside", "310", "95", 2018, "6 years"},
	{"Tables", "Extendable dining table", "Seats six, eight when extended. Walnut veneer with a small mark near one leg.", app.ConditionGood, "Market Square", "750", "260", 2017, "7 years"},
	{"Tables", "Round coffee table", "Glass top on a black steel frame, 80 cm across.", app.ConditionExcellent, "Old Town", "180", "70", 2022, "2 years"},
	{"Chairs", "Set of four bentwood chairs", "Classic café chairs, reglued and sturdy. Price is for all four.", app.ConditionGood, "Hillside", "400", "150", 2015, "9 years"},
	{"Chairs", "Ergonomic office chair", "Adjustable lumbar support and armrests, mesh back.", app.ConditionExcellent, "Station Road", "350", "140", 2023, "1 year"},
	{"Wardrobes", "Two-door pine wardrobe", "Hanging rail and two shelves inside. 180 cm tall.", app.ConditionFair, "Riverside", "280", "60", 2012, "12 years"},
	{"Lighting", "Brass floor lamp", "Warm light, fabric shade, foot switch. Bulb included.", app.ConditionExcellent, "Market Square", "120", "45", 2022, "2 years"},
	{"Kitchen", "Stand mixer", "Five-litre bowl, whisk, hook and paddle. Works perfectly.", app.ConditionGood, "Station Road", "299", "110", 2020, "4 years"},
	{"Décor", "Large wall mirror", "Oval mirror in a carved wooden frame, 90 x 60 cm.", app.ConditionExcellent, "Old Town", "150.50", "55.50", 2019, "5 years"},
}
